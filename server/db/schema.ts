// The whole schema, for Drizzle's relational types and drizzle-kit. Tables live with their capability's data.
export * from './tables/auth.tables';
export * from './tables/challenges.tables';
export * from './tables/game.tables';
export * from './tables/event.tables';
export * from './tables/leaderboard.tables';
export * from './tables/mail.tables';
export * from './tables/db.tables';
export * from './tables/audit.tables';
export * from './tables/limits.tables';
export * from './tables/players.tables';
