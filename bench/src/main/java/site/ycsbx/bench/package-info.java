/**
 * The bench module, outside the product: hand-written baseline loops (through the same drivers to
 * the same servers) and helpers that bench/'s scripts time against YCSB-X's own runs. It may import
 * any of core's packages and the drivers; nothing in the product imports it.
 */
package site.ycsbx.bench;
