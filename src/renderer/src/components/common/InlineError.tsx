// A failure said where it happened, read out at once (role alert); nothing while there is none.
export function InlineError({ error }: { error: string | null | undefined }) {
  if (!error) return null
  return (
    <p className="inline-error" role="alert">
      {error}
    </p>
  )
}
