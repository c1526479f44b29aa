/**
 * The development provider's pages: a plain server-rendered login form (fields `username` and
 * `password`), the sign-out confirmation, and the error page. No scripts, no external resources.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Wraps a body in the shared page layout. */
export function renderPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem;color:#222}
label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.4rem;box-sizing:border-box}
button{margin-top:1rem;padding:.5rem 1rem}.error{color:#a00;font-weight:600}.hint{color:#666;font-size:.9rem}
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>`;
}

/** What the login form shows. */
export interface LoginPageOptions {
  /** Where the form posts to. */
  readonly action: string;
  /** The application asking for the sign-in. */
  readonly clientName: string;
  /** Shown above the form after a failed attempt. */
  readonly error?: string;
  /** Pre-filled after a failed attempt. */
  readonly username?: string;
}

/** The login form. */
export function renderLoginPage(options: LoginPageOptions): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>\n` : '';
  return renderPage(
    'Sign in',
    `<p>Sign in to continue to ${escapeHtml(options.clientName)}.</p>
${error}<form method="post" action="${escapeHtml(options.action)}">
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" required autofocus value="${escapeHtml(options.username ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<p class="hint">Development provider: users alice, bob and charlie.</p>`,
  );
}

/** A page that explains a failure in one sentence. */
export function renderMessagePage(title: string, message: string): string {
  return renderPage(title, `<p class="error" role="alert">${escapeHtml(message)}</p>`);
}

/** The sign-out confirmation; `form` is the provider's hidden form (id `op.logoutForm`). */
export function renderLogoutPage(form: string, confirmed = false): string {
  if (confirmed) {
    // The application named the session (id_token_hint): no second question, the form sends itself.
    return renderPage(
      'Signing out',
      `${form}
<p>Signing you out of the development provider…</p>
<noscript><button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button></noscript>
<script>
const form = document.getElementById('op.logoutForm');
const yes = document.createElement('input');
yes.type = 'hidden';
yes.name = 'logout';
yes.value = 'yes';
form.appendChild(yes);
form.submit();
</script>`,
    );
  }
  return renderPage(
    'Sign out',
    `${form}
<p>You signed out of Gatehouse. Confirm to end your session at the development provider as well, so
that signing in again asks for your password.</p>
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>`,
  );
}
