/**
 * Form building blocks with accessible errors: every field has a label, an optional hint, and its
 * error right above the input, tied to it with `aria-describedby` and `aria-invalid`; forms open
 * with an error summary whose entries link to the fields, and carry the session's form token.
 */
import type { Child } from 'hono/jsx';
import { FORM_TOKEN_FIELD } from '../form-protection.ts';

/** Messages by field name. */
export type FieldErrors = Readonly<Partial<Record<string, string>>>;

/** Common props of a field. */
interface FieldProps {
  readonly name: string;
  readonly label: string;
  readonly hint?: string;
  readonly error?: string | undefined;
}

/** The message as a sentence start: services and schemas word them in lower case ("must be …"). */
function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

function describedBy(name: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function HintAndError({ name, hint, error }: Pick<FieldProps, 'name' | 'hint' | 'error'>) {
  return (
    <>
      {hint ? (
        <span class="hint" id={`${name}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span class="field-error" id={`${name}-error`}>
          <span class="visually-hidden">Error: </span>
          {sentence(error)}
        </span>
      ) : null}
    </>
  );
}

/** The hidden field with the session's form token. */
export function FormToken({ token }: { readonly token: string | undefined }) {
  return <input type="hidden" name={FORM_TOKEN_FIELD} value={token ?? ''} />;
}

/** A one-line text input (`type` default `text`). */
export function TextField(
  props: FieldProps & {
    readonly value: string;
    readonly type?: 'text' | 'email';
    readonly autocomplete?: string;
  },
) {
  const { name, label, hint, error } = props;
  return (
    <div class="field">
      <label for={name}>{label}</label>
      <HintAndError name={name} hint={hint} error={error} />
      <input
        type={props.type ?? 'text'}
        id={name}
        name={name}
        value={props.value}
        required
        autocomplete={props.autocomplete ?? 'off'}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(name, hint, error)}
      />
    </div>
  );
}

/** A multi-line text input. */
export function TextArea(props: FieldProps & { readonly value: string }) {
  const { name, label, hint, error } = props;
  return (
    <div class="field">
      <label for={name}>{label}</label>
      <HintAndError name={name} hint={hint} error={error} />
      <textarea
        id={name}
        name={name}
        rows={14}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(name, hint, error)}
      >
        {/* A line break right after <textarea> is dropped by the parser: this one, not the text's own. */}
        {'\n'}
        {props.value}
      </textarea>
    </div>
  );
}

/** One option of a {@link SelectField} or {@link RadioGroup}. */
export interface Choice {
  readonly value: string;
  readonly label: string;
  readonly hint?: string;
}

/** A drop-down list. */
export function SelectField(
  props: FieldProps & { readonly value: string; readonly choices: readonly Choice[] },
) {
  const { name, label, hint, error } = props;
  return (
    <div class="field">
      <label for={name}>{label}</label>
      <HintAndError name={name} hint={hint} error={error} />
      <select
        id={name}
        name={name}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(name, hint, error)}
      >
        {props.choices.map((choice) => (
          <option value={choice.value} selected={choice.value === props.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Radio buttons in a fieldset whose legend is the label; the first one has the field's id. */
export function RadioGroup(
  props: FieldProps & { readonly value: string; readonly choices: readonly Choice[] },
) {
  const { name, label, hint, error } = props;
  return (
    <fieldset class="field" aria-describedby={describedBy(name, hint, error)}>
      <legend>{label}</legend>
      <HintAndError name={name} hint={hint} error={error} />
      {props.choices.map((choice, i) => {
        const id = i === 0 ? name : `${name}-${choice.value}`;
        return (
          <div class="choice">
            <input
              type="radio"
              id={id}
              name={name}
              value={choice.value}
              checked={choice.value === props.value}
              aria-describedby={choice.hint ? `${id}-hint` : undefined}
            />
            <label for={id}>
              {choice.label}
              {choice.hint ? (
                <span class="hint" id={`${id}-hint`}>
                  {choice.hint}
                </span>
              ) : null}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}

/** The list of a form's errors, each linking to its field; nothing when there are none. */
export function ErrorSummary({
  errors,
  labels,
}: {
  readonly errors: FieldErrors;
  readonly labels: Readonly<Record<string, string>>;
}) {
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1]));
  if (entries.length === 0) return null;
  return (
    <div class="alert" role="alert">
      <h2>There is a problem</h2>
      <ul class="error-list">
        {entries.map(([field, message]) => (
          <li>
            <a href={`#${field}`}>
              {labels[field] ?? field}: {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A form that posts to `action` with the form token. */
export function PostForm(props: {
  readonly action: string;
  readonly token: string | undefined;
  readonly class?: string;
  readonly label?: string;
  readonly children?: Child;
}) {
  return (
    <form method="post" action={props.action} class={props.class} aria-label={props.label} novalidate>
      <FormToken token={props.token} />
      {props.children}
    </form>
  );
}
