import type { InputHTMLAttributes, Ref } from 'react';
import controls from './FormControls.module.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id'> {
  id: string;
  label: string;
  /** One of the fields inside a `controls.group` box (rounded as a group), not a box of its own. */
  grouped?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled text input in the account's form style: the label inside the box, above the value. */
export function TextField({ id, label, grouped = false, inputRef, ...input }: TextFieldProps) {
  return (
    <label className={grouped ? controls.field : `${controls.field} ${controls.single}`} htmlFor={id}>
      <span className={controls.label}>{label}</span>
      <input ref={inputRef} id={id} className={controls.input} {...input} />
    </label>
  );
}
