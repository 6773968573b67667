export default function AdminPage() {
  return <main className="mx-auto max-w-[430px] p-6">Admin (placeholder)</main>;
}
