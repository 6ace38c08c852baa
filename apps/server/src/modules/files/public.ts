// The public face of modules/files: the only file other modules import (platform/structure.test.ts).
// One multipart upload read to a byte limit, and a file's format: manuals, site plans and fuel CSVs.
export { fileFormatOf } from './formats.ts';
export { acceptUploads, readUpload, type Upload, uploadingModule } from './upload.ts';
