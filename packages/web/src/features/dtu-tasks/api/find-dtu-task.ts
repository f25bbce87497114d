import { DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { apiCall } from '../../../lib/api-client';

/** The task of this DTU that tested a unit (MAC or IMEI); 404 with 没有检测过该设备的任务 when none did. */
export const findDtuTask = (dtuId: number, mac: string) => apiCall(DTU_TASK_ENDPOINTS.dtuTaskFind, { dtuId, mac });
