export default function NotFoundPage() {
  return <main className="mx-auto max-w-[430px] p-6">NotFound (placeholder)</main>;
}
