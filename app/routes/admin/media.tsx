import { ImageIcon } from "lucide-react";
import { Form, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/media";
import { requireAction, requirePermission } from "~/.server/auth/access";
import type { RoutePermissions } from "~/lib/permissions";
import { deleteMedia, findMedia, listMedia, MEDIA_ALT_MAX, type MediaKind, setMediaAlt } from "~/.server/models/media";
import { replaceMedia } from "~/.server/models/media-replace";
import { getStorage } from "~/.server/storage";
import { EmptyState } from "~/components/admin/empty-state";
import { LoadError } from "~/components/admin/load-error";
import { MediaGrid } from "~/components/admin/media-grid";
import { MediaUploadQueue } from "~/components/admin/media-upload-queue";
import { PageIntro } from "~/components/admin/page-header";
import { Pager } from "~/components/admin/pager";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { requestedPage } from "~/validation/paging";
import { loadFailed } from "./action-helpers";
import { recordAction } from "./record-action";

// Admin: Media (docs/product.md#media-library, docs/decisions/0088-media-library.md): every stored upload with
// where it is used, search and filters, uploads of several files at once, the library's alt text, and deleting a
// file nothing uses. The image fields' "Choose from library" reads this loader too.

const readKind = (value: string | null): MediaKind | null => (value === "image" || value === "video" ? value : null);

/**
 * What each role may do here (docs/product.md#access): the library is the site's pictures, so it is content's. Delete
 * takes only a file nothing uses, as an upload that was never used could have been left out: not Delete forever.
 */
export const permissions = { loader: "content.edit", intents: { alt: "content.edit", delete: "content.edit", replace: "content.edit" } } satisfies RoutePermissions;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, permissions.loader);
  const params = new URL(request.url).searchParams;
  const filter = { q: (params.get("q") ?? "").slice(0, 200), kind: readKind(params.get("kind")), unused: params.get("unused") === "1" };
  // The table only: files from before the library, or pruned since, are brought in line by a background pass
  // (mediaSync, docs/decisions/0094-media-replace-and-paging.md), not while this page waits.
  const page = await listMedia(filter, requestedPage(params)).catch(loadFailed("media library"));
  return { items: page?.items ?? [], paging: page?.paging ?? null, filter, loadError: page === null ? "Failed to fetch the media library" : null, altMax: MEDIA_ALT_MAX };
}

const WORDING: Record<string, string> = { alt: "Failed to save alt text", delete: "Failed to delete file", replace: "Failed to replace file" };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAction(request, permissions);
  return recordAction(
    request,
    user,
    {
      entity: "upload",
      noun: "file",
      wording: (intent) => ({ message: WORDING[intent] ?? "Unknown action" }),
    },
    async (act) => {
      const given = act.form.get("file_key");
      const key = typeof given === "string" ? given : "";
      switch (act.intent) {
        case "alt": {
          if (!key) act.refuse("No file was given");
          const alt = String(act.form.get("alt") ?? "").trim();
          if (alt.length > MEDIA_ALT_MAX) act.refuse(`Alt text must be at most ${MEDIA_ALT_MAX} characters`, 400, { alt: `At most ${MEDIA_ALT_MAX} characters` });
          await act.run(() => setMediaAlt(key, alt));
          return act.done({ action: "upload.alt", entityId: key, fields: ["alt"] }, { message: "Alt text saved" });
        }
        case "delete": {
          if (!key) act.refuse("No file was given");
          const file = await act.run(() => findMedia(key));
          const result = await act.run(() => deleteMedia(key, getStorage()));
          if (result.kind === "missing") act.refuse("File not found", 404);
          if (result.kind === "in-use") act.refuse(`It is used by ${result.uses.map((u) => u.label).join(", ")}`);
          return act.done({ action: "upload.delete", entityId: key, detail: file.file_name }, { message: `Deleted ${file.file_name}` });
        }
        case "replace": {
          // The new file was uploaded first, through POST /api/uploads and the old file's folder limits and checks;
          // a refused upload never gets here, so nothing has changed.
          const given = act.form.get("new_key");
          const newKey = typeof given === "string" ? given : "";
          if (!key || !newKey) act.refuse("No file was given");
          const result = await act.run(() => replaceMedia(key, newKey, getStorage()));
          if (result.kind === "refused") return act.refuse(result.reason, result.status);
          return act.done(
            { action: "upload.replace", entityId: result.newKey, detail: `${result.previousName} → ${result.fileName} (${key} → ${result.newKey})` },
            { message: `Replaced ${result.previousName} with ${result.fileName}` },
          );
        }
        default:
          return act.unknown();
      }
    },
  );
}

/** Another page of the same search: its filters kept. */
function pageHref(filter: { q: string; kind: MediaKind | null; unused: boolean }, page: number): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.kind) params.set("kind", filter.kind);
  if (filter.unused) params.set("unused", "1");
  if (page > 1) params.set("page", String(page));
  return `?${params.toString()}`;
}

export default function MediaPage({ loaderData }: Route.ComponentProps) {
  const { items, paging, filter, loadError, altMax } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const filtered = Boolean(filter.q || filter.kind || filter.unused);
  return (
    <>
      <title>Media | Admin</title>
      <PageIntro title="Media" description="Every uploaded image and video, where it is used, and its alt text." />
      <div className="grid gap-6">
        <MediaUploadQueue onDone={() => void revalidator.revalidate()} />
        <Form method="get" role="search" aria-label="Media" className="flex flex-wrap items-end gap-3" aria-busy={navigation.state === "loading"}>
          <div className="grid min-w-48 flex-1 gap-1.5">
            <Label htmlFor="media-q">Search</Label>
            <Input id="media-q" name="q" type="search" defaultValue={filter.q} placeholder="File name or alt text" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="media-kind">Kind</Label>
            <NativeSelect id="media-kind" name="kind" defaultValue={filter.kind ?? ""}>
              <NativeSelectOption value="">Images and videos</NativeSelectOption>
              <NativeSelectOption value="image">Images</NativeSelectOption>
              <NativeSelectOption value="video">Videos</NativeSelectOption>
            </NativeSelect>
          </div>
          <div className="flex h-9 items-center gap-2">
            <Checkbox id="media-unused" name="unused" value="1" defaultChecked={filter.unused} />
            <Label htmlFor="media-unused">Not used anywhere</Label>
          </div>
          <Button type="submit" variant="secondary">
            Apply
          </Button>
        </Form>
        {loadError ? (
          <LoadError message={loadError} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={ImageIcon}
            title={filtered ? "No files match" : "No files yet"}
            description={filtered ? "Try other words or filters." : "Upload images and videos here or in any image field."}
          />
        ) : (
          <>
            <MediaGrid items={items} altMax={altMax} />
            {paging && paging.pageCount > 1 ? <Pager label="Media pages" {...paging} href={(page) => pageHref(filter, page)} /> : null}
          </>
        )}
      </div>
    </>
  );
}
