import './zod-jitless.js';
import { z } from 'zod';

// Rules without a message of their own still answer in Chinese, on the server and in forms.
z.config(z.locales.zhCN());

