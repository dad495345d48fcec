import * as React from "react"

import { cn } from "~/lib/utils"

// The markup and attributes Radix's Progress gave it (role, aria values, data-state), without its context and prop
// checks: every caller passes a percentage, and the admin's list pages load it (docs/performance.md#admin).

const MAX = 100

/** "loading", "complete", or "indeterminate" without a value, as Radix named the states. */
function progressState(value: number | null) {
  return value === null ? "indeterminate" : value === MAX ? "complete" : "loading"
}

function Progress({
  className,
  value: valueProp,
  ...props
}: Omit<React.ComponentProps<"div">, "children"> & { value?: number | null }) {
  // A value outside 0-100 (or not a number) shows as indeterminate, as with Radix.
  const value = typeof valueProp === "number" && valueProp >= 0 && valueProp <= MAX ? valueProp : null
  const state = { "data-state": progressState(value), "data-value": value ?? undefined, "data-max": MAX }
  return (
    <div
      aria-valuemax={MAX}
      aria-valuemin={0}
      aria-valuenow={value ?? undefined}
      aria-valuetext={value === null ? undefined : `${Math.round(value)}%`}
      role="progressbar"
      {...state}
      data-slot="progress"
      className={cn(
        "bg-primary/20 relative h-2 w-full overflow-hidden rounded-full",
        className
      )}
      {...props}
    >
      <div
        {...state}
        data-slot="progress-indicator"
        className="bg-primary h-full w-full flex-1 transition-all"
        style={{ transform: `translateX(-${100 - (valueProp || 0)}%)` }}
      />
    </div>
  )
}

export { Progress }
