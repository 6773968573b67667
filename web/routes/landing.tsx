export default function LandingPage() {
  return <main className="mx-auto max-w-[430px] p-6">Landing (placeholder)</main>;
}
