// The whole schema, for Drizzle's relational types and drizzle-kit. Tables live with their capability's data.
export * from './tables/auth.tables';
export * from './tables/game.tables';
export * from './tables/platform.tables';
export * from './tables/players.tables';
