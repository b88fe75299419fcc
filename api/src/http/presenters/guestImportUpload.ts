import type { ImportUploadJson } from "@tessera/shared/schemas/guestImportUploads";
import type { GuestImportUpload } from "../../models/GuestImportUpload.ts";
import { uploadExpiresAt } from "../../services/guests/import/uploads/findUpload.ts";

export function presentImportChunkedUpload(upload: GuestImportUpload): ImportUploadJson {
  return {
    id: upload.id,
    fileName: upload.fileName,
    size: upload.size,
    received: upload.received,
    importId: upload.importId,
    expiresAt: uploadExpiresAt(upload).toISOString(),
  };
}
