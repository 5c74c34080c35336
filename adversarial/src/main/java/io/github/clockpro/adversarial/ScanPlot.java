package io.github.clockpro.adversarial;

import io.github.clockpro.peers.Implementation;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws the entries examined per eviction against the cache size, both axes logarithmic: for each cache that
 * reports scans, the maximum of one operation and the mean per eviction over all patterns, and the scan limit
 * of {@link io.github.clockpro.ClockProCache} as a reference line. Needs no display
 * ({@code -Djava.awt.headless=true}).
 */
final class ScanPlot {

  private static final Color[] CACHE_COLOURS = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c)};

  private ScanPlot() {}

  static void write(Path file, List<ScanGrowth> growth, List<Integer> sizes, int scanLimit) {
    XYChart chart = new XYChartBuilder()
        .width(900)
        .height(560)
        .title("Entries examined per eviction vs cache size (all patterns)")
        .xAxisTitle("cache size (entries)")
        .yAxisTitle("entries examined")
        .build();
    XYStyler styler = chart.getStyler();
    styler.setXAxisLogarithmic(true);
    styler.setYAxisLogarithmic(true);
    styler.setYAxisMin(0.5);
    styler.setLegendPosition(Styler.LegendPosition.InsideNW);
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setPlotGridLinesColor(new Color(0xdddddd));
    styler.setMarkerSize(9);
    styler.setXAxisDecimalPattern("#,###");
    styler.setYAxisDecimalPattern("#,###.#");
    styler.setPlotContentSize(0.92);
    for (Implementation cache : Caches.ALL) {
      double[] x = sizes.stream().mapToDouble(Integer::doubleValue).toArray();
      double[] maximum = new double[x.length];
      double[] mean = new double[x.length];
      boolean present = false;
      for (int i = 0; i < x.length; i++) {
        for (ScanGrowth point : growth) {
          if (point.cache() == cache && point.cacheSize() == sizes.get(i)) {
            maximum[i] = Math.max(1, point.maximumExamined());
            mean[i] = Math.max(1, point.meanExamined());
            present = true;
          }
        }
      }
      if (!present) {
        continue;
      }
      Color colour = CACHE_COLOURS[Caches.ALL.indexOf(cache)];
      XYSeries maximumSeries = chart.addSeries(cache.displayName() + ": max in one operation", x, maximum);
      maximumSeries.setLineColor(colour);
      maximumSeries.setMarkerColor(colour);
      maximumSeries.setMarker(SeriesMarkers.CIRCLE);
      XYSeries meanSeries = chart.addSeries(cache.displayName() + ": mean per eviction", x, mean);
      meanSeries.setLineColor(colour);
      meanSeries.setMarkerColor(colour);
      meanSeries.setMarker(SeriesMarkers.SQUARE);
      meanSeries.setLineStyle(new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
          new float[] {6f, 4f}, 0f));
    }
    double[] ends = {sizes.get(0), sizes.get(sizes.size() - 1)};
    XYSeries limit = chart.addSeries("clockpro scan limit (" + scanLimit + ")", ends,
        new double[] {scanLimit, scanLimit});
    limit.setLineColor(Color.GRAY);
    limit.setMarker(SeriesMarkers.NONE);
    limit.setLineStyle(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
        new float[] {2f, 3f}, 0f));
    try {
      BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException failure) {
      throw new UncheckedIOException("Cannot write " + file, failure);
    }
  }
}
