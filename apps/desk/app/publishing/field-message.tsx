import { FieldMessage } from "@keystar/ui/field";
import type { MessageWrapper } from "@site/content/editor";
import { type ReactNode, useState } from "react";

/**
 * The editor's own checks shown under the field, in Keystatic's words and style: an upload that is not
 * a PNG, JPEG or WebP of at most 2 MB as soon as it is chosen (`always`); an emptied rich text once
 * the person has changed it or tried to save (Keystatic shows no message for that field itself).
 */
export const withFieldMessage: MessageWrapper = (Input, check, { always }) =>
  function CheckedInput(props) {
    const [first] = useState(props.value);
    const show = always || props.forceValidation || props.value !== first;
    const problem = show ? check(props.value) : null;
    return (
      <>
        {Input(props) as ReactNode}
        {problem && <FieldMessage>{problem}</FieldMessage>}
      </>
    );
  };
