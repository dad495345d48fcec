import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "~/components/ui/sheet";

// The admin menu on small screens: a slide-in drawer with an overlay. Its own module, loaded when the menu is
// first asked for (admin-shell.tsx), so a phone does not download the dialog code before the page is usable
// (docs/decisions/0033-admin-on-a-phone.md).

export default function AdminDrawer({ open, onOpenChange, children }: { open: boolean; onOpenChange: (open: boolean) => void; children: React.ReactNode }) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="w-72 gap-0 bg-sidebar p-0 text-sidebar-foreground">
        <SheetHeader className="sr-only">
          <SheetTitle>Admin menu</SheetTitle>
          <SheetDescription>Go to a section of the admin panel.</SheetDescription>
        </SheetHeader>
        {children}
      </SheetContent>
    </Sheet>
  );
}
