import { RouterProvider } from 'react-router';
import { router } from './router';

// TanStack Query's provider is a layout route inside the router (web/lib/query-client.tsx), not here: the landing
// page, loaded by every walk-up, ships without it (docs/decisions/020).
export function App() {
  return <RouterProvider router={router} />;
}
