import { ShieldCheck, ShieldOff } from "lucide-react";
import { Badge } from "~/components/ui/badge";

/** Whether an account signs in with a second factor: on the Team page's rows and the two-factor page's heading. */
export function TwoFactorBadge({ on }: { on: boolean }) {
  return on ? (
    <Badge>
      <ShieldCheck aria-hidden="true" />
      On
    </Badge>
  ) : (
    <Badge variant="secondary">
      <ShieldOff aria-hidden="true" />
      Off
    </Badge>
  );
}
