import { useEffect, useEffectEvent, useRef } from "react";

/**
 * Calls `handler` after the commit in which `value` is first seen (compared by identity), once per
 * new value: a fetcher's result, a set of field errors.
 *
 * Why not `useEffect(handler, [value])`: React Router's `useFetcher` reads `fetcher.data` from a Map
 * that the router fills as soon as the response arrives, before React renders the router's state
 * update. If React renders the component for another reason in between and bails out of that render
 * (a state update to the same value, such as the dialogs' `setClientErrors(null)` on submit, processed
 * after the response came in), the bailed-out render still saves the new value as the effect's
 * dependency, but the effect does not run. Every later render then compares equal, and the effect
 * never runs for that value: the save succeeded, yet no toast showed and the dialog stayed open.
 * React documents this as the consequence of reading a mutable value during render
 * (https://github.com/facebook/react/issues/24042); React Router 7.18 and 8.5 still read the Map
 * this way. So this effect has no dependency list: it runs after every commit and keeps the last
 * value it handled itself. The router's state update always follows the data, so a commit that
 * carries the new value always comes.
 */
export function useOnNewValue<T>(value: T, handler: (value: T) => void) {
  const handled = useRef<{ value: T } | null>(null);
  const onNewValue = useEffectEvent(handler);
  useEffect(() => {
    if (handled.current && Object.is(handled.current.value, value)) return;
    handled.current = { value };
    onNewValue(value);
  });
}
