import { ERROR_CODES } from '@under/core/api/error.schema';
import { AppError } from '../../errors';

export const noUserError = () => new AppError(ERROR_CODES.noUser);
