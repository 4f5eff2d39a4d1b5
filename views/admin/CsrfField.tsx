/** The hidden field every back-office form posts (Django's name, spec section 7). */
export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name="csrfmiddlewaretoken" value={token} />;
}

/**
 * A multipart (upload) form's action: the path with the token in the query string. The server
 * checks an upload's token before reading its body, so it cannot be a field inside the body; the
 * hidden field stays for the upload scripts, which send it as the X-CSRFToken header.
 */
export function multipartAction(path: string, token: string): string {
  return `${path}?${new URLSearchParams({ csrfmiddlewaretoken: token }).toString()}`;
}
