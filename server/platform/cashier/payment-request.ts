import { errorResponseSchema } from '../../../contracts/errors';

/** The error answers of the deposit and withdrawal operations. */
export const paymentErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  402: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  503: errorResponseSchema,
};
