import { gameErrorCodes } from '@contracts/game.rules';
import { HttpError } from '../http/http-error';

export const playerErrors = {
  nameRefused: (message: string) => new HttpError(400, gameErrorCodes.nameRefused, message),
};
