/**
 * The pages, below the commands and above the results: {@code report.html}'s page and charts, the
 * shared HTML pieces, and every chart drawn (JFreeChart to inline SVG and PNG: the only package
 * that draws with JFreeChart; a command's page arranges what it draws). It may import
 * {@code results}, {@code measurements}, {@code fingerprint} and {@code util}; never {@code tools}.
 */
package site.ycsbx.report;
