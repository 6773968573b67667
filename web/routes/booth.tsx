export default function BoothPage() {
  return <main className="mx-auto max-w-[430px] p-6">Booth (placeholder)</main>;
}
