import { enqueueAccountEmail } from "./mail-queue";

// The four account emails (docs/product.md#staff-accounts), all through the shared template and the outgoing-mail queue.
// Each returns the queued message id, or null when no SMTP server is configured. `{company}`: the published name.

const hello = (name: string | null | undefined) => (name?.trim() ? `Hello ${name.trim()},` : "Hello,");

export function sendInviteEmail(to: string, link: string, invitedBy: string | null) {
  return enqueueAccountEmail(to, "invite", {
    subject: "You are invited to the admin panel",
    greeting: "Hello,",
    paragraphs: [
      `${invitedBy ? `${invitedBy} has` : "You have been"} invited you to manage the {company} website as an administrator.`,
      "Open the link below to choose your name and password. The link works once and expires in 72 hours.",
    ],
    action: { label: "Accept the invitation", url: link },
    footnote: "If you did not expect this invitation, you can ignore this email: nothing happens until the link is used.",
  });
}

export function sendPasswordResetEmail(to: string, name: string | null, link: string) {
  return enqueueAccountEmail(to, "password-reset", {
    subject: "Reset your password",
    greeting: hello(name),
    paragraphs: ["Someone asked to reset the password of your admin account. Open the link below to choose a new one.", "The link works once and expires in 1 hour."],
    action: { label: "Choose a new password", url: link },
    footnote: "If you did not ask for this, ignore this email: your password stays as it is.",
  });
}

export function sendPasswordChangedEmail(to: string, name: string | null, loginUrl: string) {
  return enqueueAccountEmail(to, "password-changed", {
    subject: "Your password was changed",
    greeting: hello(name),
    paragraphs: [`The password of your {company} admin account was just changed, and your other sessions were signed out.`],
    action: { label: "Sign in", url: loginUrl },
    footnote: "If you did not change it, reset your password at once from the sign-in page and tell another administrator.",
  });
}

export function sendNewSignInEmail(to: string, name: string | null, details: { browser: string; ip: string; when: string }, loginUrl: string) {
  return enqueueAccountEmail(to, "new-sign-in", {
    subject: "New sign-in from a new browser",
    greeting: hello(name),
    paragraphs: [
      `Your {company} admin account was just signed in to from a browser it had not used before.`,
      `Browser: ${details.browser}. IP address: ${details.ip}. Time: ${details.when}.`,
    ],
    action: { label: "Review your sessions", url: loginUrl },
    footnote: "If this was you, there is nothing to do. If not, change your password and sign out your other sessions from your Profile.",
  });
}
