import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router';

// TanStack Query's provider wraps each page that uses it (web/lib/query-client.tsx), not the app: the landing page,
// loaded by every walk-up, ships without it (docs/decisions/020).
export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
