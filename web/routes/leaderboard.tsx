export default function LeaderboardPage() {
  return <main className="mx-auto max-w-[430px] p-6">Leaderboard (placeholder)</main>;
}
