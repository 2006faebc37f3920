// @site/content: the content's schemas, loader and types, for the build, the server and the editor.
// The site's browser code imports only `@site/content/data/<name>` (data) and types.
export { KINDS, KIND_NAMES, kindOfFile, type KindName, type RawContent } from "./kinds";
export { ContentError, describeIssues, type ContentIssue } from "./issues";
export {
  DEFAULT_CONTENT_DIR,
  contentDirFromEnv,
  loadSiteContent,
  parseYaml,
  validateFile,
  type Overlay,
} from "./load";
export { imageProblem, MAX_IMAGE_BYTES } from "./image-check";
export { UPLOADS_DIRECTORY, UPLOADS_PUBLIC_PATH, editorFields, type EditorField } from "./schema/fields";
export type { IconName } from "./schema/common";
export { PRODUCT_ILLUSTRATIONS } from "./schema/products";
export { SERVICE_ILLUSTRATIONS } from "./schema/services";
export type { RichBlock, RichInline, RichText } from "./rich-text";
export type * from "./site-content";
export { describeFileChange } from "./changes";
