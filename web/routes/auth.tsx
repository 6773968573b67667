export default function AuthPage() {
  return <main className="mx-auto max-w-[430px] p-6">Auth (placeholder)</main>;
}
