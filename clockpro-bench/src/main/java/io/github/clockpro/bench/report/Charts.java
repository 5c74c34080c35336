package io.github.clockpro.bench.report;

import io.github.clockpro.bench.cache.Implementation;
import io.github.clockpro.bench.cache.ScanLengthHistogram;
import io.github.clockpro.bench.simulator.SimulationResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Draws the report's PNG plots with XChart. Needs no display ({@code java.awt.headless=true}). */
final class Charts {

  private static final int WIDTH = 800;
  private static final int HEIGHT = 480;

  private Charts() {}

  /**
   * Plots hit rate against cache size for one trace, one line per implementation.
   *
   * @param trace the trace's name
   * @param results the results of that trace
   * @param file the PNG to write
   */
  static void hitRates(String trace, List<SimulationResult> results, Path file) throws IOException {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
        .title("Hit rate vs cache size: " + trace).xAxisTitle("cache size (entries)").yAxisTitle("hit rate (%)")
        .build();
    chart.getStyler().setLegendPosition(LegendPosition.InsideSE);
    for (Implementation implementation : Implementation.values()) {
      List<Double> sizes = new ArrayList<>();
      List<Double> hitRates = new ArrayList<>();
      for (SimulationResult result : results) {
        if (result.implementation() == implementation) {
          sizes.add((double) result.size());
          hitRates.add(result.hitRatePercent());
        }
      }
      if (!sizes.isEmpty()) {
        XYSeries series = chart.addSeries(implementation.displayName(), sizes, hitRates);
        series.setMarker(SeriesMarkers.CIRCLE);
      }
    }
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapFormat.PNG);
  }

  /**
   * Plots the throughput of each implementation for each configuration of one benchmark.
   *
   * @param benchmark the benchmark's short name
   * @param rows that benchmark's rows
   * @param file the PNG to write
   */
  static void throughput(String benchmark, List<JmhRow> rows, Path file) throws IOException {
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH + 200).height(HEIGHT)
        .title("Throughput: " + benchmark).xAxisTitle("configuration, threads")
        .yAxisTitle("million operations/s").build();
    chart.getStyler().setLegendPosition(LegendPosition.InsideNE);
    chart.getStyler().setXAxisLabelRotation(20);
    List<String> labels = new ArrayList<>();
    for (JmhRow row : rows) {
      labels.add(row.configuration().replace("capacity=", "cap=") + " t=" + row.threads());
    }
    for (Implementation implementation : Implementation.CONCURRENT) {
      List<Double> scores = new ArrayList<>();
      for (JmhRow row : rows) {
        JmhRow.Measurement measurement = row.measurements().get(implementation);
        scores.add(measurement == null ? 0.0 : measurement.score() / 1e6);
      }
      chart.addSeries(implementation.displayName(), labels, scores);
    }
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapFormat.PNG);
  }

  /**
   * Plots, for ours, the share of evictions that examined each number of entries, one line per workload.
   *
   * @param results simulator results of ours, each with its scan lengths
   * @param file the PNG to write
   */
  static void scanLengths(List<SimulationResult> results, Path file) throws IOException {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
        .title("clockpro: entries examined per eviction").xAxisTitle("entries examined")
        .yAxisTitle("share of evictions (log scale)").build();
    chart.getStyler().setYAxisLogarithmic(true);
    chart.getStyler().setLegendPosition(LegendPosition.InsideNE);
    for (SimulationResult result : results) {
      ScanLengthHistogram scans = result.scanLengths();
      long total = scans.total();
      List<Double> lengths = new ArrayList<>();
      List<Double> shares = new ArrayList<>();
      for (int length = 1; length <= scans.scanLimit(); length++) {
        if (scans.count(length) > 0) {
          lengths.add((double) length);
          shares.add((double) scans.count(length) / total);
        }
      }
      if (!lengths.isEmpty()) {
        XYSeries series = chart.addSeries(result.trace() + " @" + result.size(), lengths, shares);
        series.setMarker(SeriesMarkers.NONE);
      }
    }
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapFormat.PNG);
  }
}
