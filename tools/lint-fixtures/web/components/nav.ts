// breaks web-shared-not-upward
import { paths } from '../app/router';

export const nav = Object.values(paths);
