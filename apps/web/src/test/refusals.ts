// A server's refusal of one field, as the API answers it (api/formErrors puts it under the field).
import { ApiError } from '../api/client';

export const fieldRefusal = (field: string, message: string, status = 400): ApiError =>
  new ApiError('Some fields are not valid.', status, status * 100, { fields: [{ field, message }] });
