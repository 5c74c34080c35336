package io.github.clockpro.bench.report;

import io.github.clockpro.bench.simulator.SimulationResult;
import io.github.clockpro.peers.Implementation;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Draws the report's PNG plots with XChart. Needs no display ({@code java.awt.headless=true}). */
final class Charts {

  private Charts() {}

  /**
   * Plots hit rate against cache size for one trace, one line per implementation.
   *
   * @param trace the trace's name
   * @param results the results of that trace
   * @param file the PNG to write
   */
  static void hitRates(String trace, List<SimulationResult> results, Path file) throws IOException {
    XYChart chart = new XYChartBuilder().width(800).height(480).title("Hit rate vs cache size: " + trace)
        .xAxisTitle("cache size (entries)").yAxisTitle("hit rate (%)").build();
    chart.getStyler().setLegendPosition(LegendPosition.InsideSE);
    for (Implementation implementation : Implementation.values()) {
      List<SimulationResult> own = results.stream().filter(result -> result.implementation() == implementation)
          .toList();
      if (!own.isEmpty()) {
        chart.addSeries(implementation.displayName(), own.stream().map(result -> (double) result.size()).toList(),
            own.stream().map(SimulationResult::hitRatePercent).toList()).setMarker(SeriesMarkers.CIRCLE);
      }
    }
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapFormat.PNG);
  }
}
