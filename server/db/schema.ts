// The whole schema, for Drizzle's relational types and drizzle-kit. Tables live with their capability's data.
export * from './tables/auth.tables';
export * from './tables/challenges.tables';
export * from './tables/game.tables';
export * from './tables/platform.tables';
export * from './tables/admin.tables';
export * from './tables/limits.tables';
export * from './tables/players.tables';
