export * from "./file-rules";
export * from "./security-headers";
export * from "./service-urls";
export * from "./site-manifest";
export * from "./static-hosts";
export * from "./precompress";
export * from "./desk-policy";
