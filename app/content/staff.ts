// Texts of the staff-account pages that both the server and the page show (docs/product.md#staff-accounts).

/** One answer for every address, so the forgot-password form does not tell who has an account. */
export const RESET_REQUESTED = "If an account exists for that email, we have sent a link to reset its password. The link is valid for 1 hour.";
export const RESET_TOO_MANY = "Too many reset requests. Please wait a while and try again.";
export const INVALID_RESET = "This reset link is invalid or has expired. Ask for a new one.";
export const INVALID_INVITE = "This invitation link is invalid or has expired. Ask an admin for a new one.";
