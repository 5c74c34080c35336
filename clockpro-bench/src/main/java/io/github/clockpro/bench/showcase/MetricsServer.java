package io.github.clockpro.bench.showcase;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * Serves a Prometheus registry's scrape at {@code http://127.0.0.1:<port>/metrics} with the JDK's own HTTP
 * server. Binds the loopback address only, so the metrics are never exposed beyond the local machine.
 */
final class MetricsServer implements AutoCloseable {

  private static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private final HttpServer server;

  /**
   * Starts serving.
   *
   * @param registry the registry to scrape on each request
   * @param port the port, or 0 for any free port
   * @throws IOException if the port cannot be bound
   */
  MetricsServer(PrometheusMeterRegistry registry, int port) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
    server.createContext("/metrics", exchange -> respond(exchange, 200, registry.scrape()));
    server.createContext("/", exchange -> respond(exchange, 404, "metrics are at /metrics\n"));
    server.start();
  }

  /** Returns the URL of the metrics. */
  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/metrics";
  }

  private static void respond(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream output = exchange.getResponseBody()) {
      output.write(bytes);
    }
  }

  /** Stops serving at once. */
  @Override
  public void close() {
    server.stop(0);
  }
}
