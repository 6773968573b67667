/** Every page the web app serves; the server answers anything else with the 404 page (and logs the path). */
export const paths = {
  landing: '/',
  auth: '/auth',
  resetPassword: '/reset-password',
  play: '/play',
  privacy: '/privacy',
  leaderboard: '/leaderboard',
  booth: '/booth',
  admin: '/admin',
} as const;

export function isClientRoute(pathname: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.values(paths).includes(clean as never) || clean.startsWith(`${paths.admin}/`);
}
