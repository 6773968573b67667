export default function ResetPasswordPage() {
  return <main className="mx-auto max-w-[430px] p-6">ResetPassword (placeholder)</main>;
}
