import { FieldMessage } from "@keystar/ui/field";
import type { MessageWrapper } from "@site/content/editor";
import type { ReactNode } from "react";

/**
 * The editor's own checks shown under the field, in Keystatic's words and style: an upload that is not
 * a PNG, JPEG or WebP of at most 2 MB as soon as it is chosen (`always`), an empty rich text once a
 * save has been tried (forceValidation), as Keystatic shows its own messages.
 */
export const withFieldMessage: MessageWrapper = (Input, check, { always }) =>
  function CheckedInput(props) {
    const problem = always || props.forceValidation ? check(props.value) : null;
    return (
      <>
        {Input(props) as ReactNode}
        {problem && <FieldMessage>{problem}</FieldMessage>}
      </>
    );
  };
