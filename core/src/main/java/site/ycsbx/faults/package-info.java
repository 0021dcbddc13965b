/**
 * Below the recorders: outages, reconnects, operation timeouts and {@code maxexecutiontime}'s
 * deadline of a running client. {@code measurements} reads them back, so this package never imports
 * {@code measurements} (nor anything above it); it may import {@code verdict} and {@code util}.
 */
package site.ycsbx.faults;
