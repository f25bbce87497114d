import type { Kysely } from 'kysely';
import type { Dialect } from '../db.js';
import { withId } from './id-column.js';

/** Reference lists the product form offers (issue 4: seeded tables, served as {id, name}). */
const PRODUCT_TYPES = ['智能门锁', '智能网关', '环境传感器', '智能插座', '智能摄像头'];
const COMMUNICATION_TYPES: [string, string][] = [
  ['noInternet', '不联网'],
  ['2.4G', '2.4G'],
  ['THREE_2_ONE', '三合一'],
  ['WIFI', 'WiFi'],
  ['BLUETOOTH', '蓝牙'],
  ['NB_IOT', 'NB-IoT'],
  ['CAT1', '4G Cat.1'],
];
const DATA_FORMATS = ['JSON', '透传/自定义', '十六进制(HEX)'];
const DATA_TYPES: [string, string][] = [
  ['boolean', '布尔型'],
  ['int', '整数型'],
  ['float', '单精度浮点型'],
  ['double', '双精度浮点型'],
  ['string', '字符串'],
  ['enum', '枚举型'],
  ['url', '链接'],
];
const UNITS = ['摄氏度(℃)', '百分比(%)', '伏特(V)', '毫安(mA)', '瓦特(W)', '分贝毫瓦(dBm)', '秒(s)', '毫秒(ms)', '勒克斯(lux)', '帕斯卡(Pa)', '千克(kg)', '米(m)', '赫兹(Hz)'];

/** Products, their properties, flows (auto and manual items), firmware, and the lookups (issue 4). */
export function productMigration(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('product_type'), dialect)
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('communication_type')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable('data_format'), dialect)
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('data_type')
        .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable('unit'), dialect)
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .execute();

      await db.insertInto('product_type').values(PRODUCT_TYPES.map((name, index) => ({ name, sequence: index + 1 }))).execute();
      await db
        .insertInto('communication_type')
        .values(COMMUNICATION_TYPES.map(([id, name], index) => ({ id, name, sequence: index + 1 })))
        .execute();
      await db.insertInto('data_format').values(DATA_FORMATS.map((name, index) => ({ name, sequence: index + 1 }))).execute();
      await db.insertInto('data_type').values(DATA_TYPES.map(([id, name], index) => ({ id, name, sequence: index + 1 }))).execute();
      await db.insertInto('unit').values(UNITS.map((name, index) => ({ name, sequence: index + 1 }))).execute();

      await withId(db.schema.createTable('product'), dialect)
        .addColumn('productTypeId', 'integer', (c) => c.notNull().references('product_type.id'))
        .addColumn('number', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('connectInternet', 'integer', (c) => c.notNull())
        .addColumn('communicationId', 'varchar(32)', (c) => c.notNull().references('communication_type.id'))
        .addColumn('dataFormatId', 'integer', (c) => c.notNull().references('data_format.id'))
        .addColumn('description', 'varchar(256)', (c) => c.notNull())
        /** UNPUBLISH, PUBLISH or PRODUCTING */
        .addColumn('publishStatus', 'varchar(16)', (c) => c.notNull())
        .addColumn('ownerId', 'integer', (c) => c.notNull().references('account.id'))
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .addColumn('publishTime', 'bigint')
        .execute();
      await db.schema.createIndex('product_status').on('product').columns(['publishStatus', 'createTime']).execute();

      await withId(db.schema.createTable('product_property'), dialect)
        .addColumn('productId', 'integer', (c) => c.notNull().references('product.id').onDelete('cascade'))
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('code', 'varchar(32)', (c) => c.notNull())
        .addColumn('dataTypeId', 'varchar(16)', (c) => c.notNull().references('data_type.id'))
        .addColumn('min', 'double precision')
        .addColumn('max', 'double precision')
        .addColumn('unitId', 'integer', (c) => c.references('unit.id'))
        .addColumn('length', 'integer')
        /** JSON text of { "0": label, ... } */
        .addColumn('enumerates', 'text')
        .addColumn('trueValue', 'varchar(32)')
        .addColumn('falseValue', 'varchar(32)')
        .addColumn('description', 'varchar(128)', (c) => c.notNull())
        .addColumn('valueDescription', 'varchar(256)')
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .addColumn('updateTime', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('product_property_code').on('product_property').columns(['productId', 'code']).unique().execute();

      await withId(db.schema.createTable('product_flow'), dialect)
        .addColumn('productId', 'integer', (c) => c.notNull().references('product.id').onDelete('cascade'))
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        /** 1..n within the product, kept gap-free by every change */
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('bindMac', 'integer', (c) => c.notNull())
        /** 0 once a property it checks was edited or deleted after the flow was saved */
        .addColumn('normal', 'integer', (c) => c.notNull())
        .addColumn('flowType', 'varchar(16)', (c) => c.notNull())
        .addColumn('pdfFileId', 'integer', (c) => c.references('stored_file.id'))
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .addColumn('updateTime', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('product_flow_order').on('product_flow').columns(['productId', 'sequence']).execute();

      await db.schema
        .createTable('flow_item')
        .addColumn('flowId', 'integer', (c) => c.notNull().references('product_flow.id').onDelete('cascade'))
        .addColumn('propertyId', 'integer', (c) => c.notNull().references('product_property.id').onDelete('cascade'))
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('intervalNumber', 'integer', (c) => c.notNull())
        .addColumn('normalValue', 'varchar(64)', (c) => c.notNull())
        .addColumn('normalValueMax', 'varchar(64)', (c) => c.notNull())
        .addColumn('normalStr', 'varchar(512)', (c) => c.notNull())
        .addColumn('normalBoolean', 'integer')
        /** JSON array of enum keys */
        .addColumn('normalEnums', 'varchar(512)', (c) => c.notNull())
        .addPrimaryKeyConstraint('flow_item_pk', ['flowId', 'propertyId'])
        .execute();
      await db.schema.createIndex('flow_item_property').on('flow_item').column('propertyId').execute();

      await withId(db.schema.createTable('flow_manual_item'), dialect)
        .addColumn('flowId', 'integer', (c) => c.notNull().references('product_flow.id').onDelete('cascade'))
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('manualValue', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('flow_manual_item_flow').on('flow_manual_item').column('flowId').execute();

      await withId(db.schema.createTable('firmware'), dialect)
        .addColumn('productId', 'integer', (c) => c.notNull().references('product.id').onDelete('cascade'))
        /** TEST or BUSINESS */
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('versionNumber', 'varchar(64)', (c) => c.notNull())
        .addColumn('description', 'varchar(256)', (c) => c.notNull())
        .addColumn('fileId', 'integer', (c) => c.notNull().references('stored_file.id'))
        /** USE or STOP */
        .addColumn('status', 'varchar(8)', (c) => c.notNull())
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .addColumn('updateTime', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('firmware_product').on('firmware').columns(['productId', 'type']).execute();
    },
  };
}
