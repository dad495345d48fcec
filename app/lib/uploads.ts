// The upload endpoint's contract, shared by the file picker (components/admin/file-upload.tsx) and the endpoint
// (app/.server/storage/upload.ts): its answer, and the words of its limits, so the browser's check and the
// server's refusal say the same.

/** One stored file, as POST /api/uploads answers: 200 { files: UploadedFile[] }. */
export interface UploadedFile {
  url: string;
  type: string;
  size: number;
  width?: number;
  height?: number;
}

export const fileTooLargeMessage = (mb: number) => `File size must be less than ${mb}MB`;
export const tooManyFilesMessage = (n: number) => `Maximum ${n} files allowed`;
