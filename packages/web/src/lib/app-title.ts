/** The product's name; the brand itself is left out (seed 000 §1). */
export const APP_TITLE = '工厂生产检测管理平台';
