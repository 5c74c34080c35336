package io.github.clockpro.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Checks what the poms promise about the published artifacts: the BOM lists every published module at the
 * project's version, carries the parent's metadata (it has no parent), and the repository has the license the
 * poms name.
 */
class ReleaseMetadataTest {

  private static final List<String> PUBLISHED = List.of(
      "clockpro-core", "clockpro-stats", "clockpro-jcache", "clockpro-guava", "clockpro-spring", "clockpro-redis",
      "clockpro-offheap");

  @Test
  void shouldListEveryPublishedModuleInTheBomAtTheProjectVersion() throws Exception {
    Element parent = pom("pom.xml");
    Element bom = pom("clockpro-bom/pom.xml");

    assertThat(child(bom, "parent")).as("the BOM has no parent").isNull();
    assertThat(text(bom, "version")).isEqualTo(text(parent, "version"));
    assertThat(text(bom, "groupId")).isEqualTo(text(parent, "groupId"));
    List<String> managed = new ArrayList<>();
    NodeList dependencies =
        child(child(bom, "dependencyManagement"), "dependencies").getElementsByTagName("dependency");
    for (int index = 0; index < dependencies.getLength(); index++) {
      Element dependency = (Element) dependencies.item(index);
      assertThat(text(dependency, "groupId")).isEqualTo(text(parent, "groupId"));
      assertThat(text(dependency, "version")).isEqualTo("${project.version}");
      managed.add(text(dependency, "artifactId"));
    }
    assertThat(managed).containsExactlyElementsOf(PUBLISHED);
  }

  @Test
  void shouldGiveTheBomTheMetadataOfTheParent() throws Exception {
    Element parent = pom("pom.xml");
    Element bom = pom("clockpro-bom/pom.xml");

    for (String field : List.of("url", "licenses", "developers", "scm")) {
      assertThat(child(bom, field).getTextContent().strip()).as(field)
          .isEqualTo(child(parent, field).getTextContent().strip());
    }
    assertThat(text(child(child(parent, "licenses"), "license"), "name")).isEqualTo("Apache-2.0");
  }

  @Test
  void shouldShipTheApacheLicenseText() throws IOException {
    String license = Files.readString(root().resolve("LICENSE"));

    assertThat(license.strip()).startsWith("Apache License\n                           Version 2.0, January 2004");
    assertThat(license).contains("END OF TERMS AND CONDITIONS");
  }

  private static Path root() {
    return Documents.path("..").normalize();
  }

  private static Element pom(String relative) throws Exception {
    return DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(root().resolve(relative).toFile()).getDocumentElement();
  }

  /** The first child element of that name, or null. */
  private static Element child(Element element, String name) {
    for (Node node = element.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element child && child.getTagName().equals(name)) {
        return child;
      }
    }
    return null;
  }

  private static String text(Element element, String name) {
    Element child = child(element, name);
    return child == null ? null : child.getTextContent().strip();
  }
}
