export default function PrivacyPage() {
  return <main className="mx-auto max-w-[430px] p-6">Privacy (placeholder)</main>;
}
