export default function PlayPage() {
  return <main className="mx-auto max-w-[430px] p-6">Play (placeholder)</main>;
}
