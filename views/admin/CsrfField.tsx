/** The hidden field every back-office form posts (Django's name, spec section 7). */
export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name="csrfmiddlewaretoken" value={token} />;
}
