import { z } from "zod";
import { LOGIN_EMAIL_MAX, LOGIN_PASSWORD_MAX, LOGIN_PASSWORD_MIN } from "./constants";

// docs/product.md#sign-in, word for word.
export const LoginSchema = z.object({
  email: z
    .string({ message: "Invalid email address" })
    .trim()
    .max(LOGIN_EMAIL_MAX, "Email must be less than 255 characters")
    .pipe(z.email("Invalid email address")),
  password: z
    .string({ message: "Password must be at least 6 characters" })
    .min(LOGIN_PASSWORD_MIN, "Password must be at least 6 characters")
    .max(LOGIN_PASSWORD_MAX, "Password must be less than 100 characters"),
});

export type LoginInput = z.infer<typeof LoginSchema>;
