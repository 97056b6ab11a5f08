import { BackOfficeError } from '../api/back-office-request';

/** Titles are answered as WordPress renders them (entities escaped); the editor shows the text. */
export function textOf(rendered: string): string {
  return new DOMParser().parseFromString(rendered, 'text/html').documentElement.textContent;
}

/** A refusal's field errors as lines (`field: error`), or its message. */
export function fieldErrorsOf(error: unknown): string[] {
  if (!(error instanceof BackOfficeError)) return [];
  return error.fieldErrors.length > 0 ? error.fieldErrors.map((field) => `${field.field}: ${field.error}`) : [error.message];
}
