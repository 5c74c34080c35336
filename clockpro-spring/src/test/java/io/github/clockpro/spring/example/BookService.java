package io.github.clockpro.spring.example;

import org.springframework.cache.annotation.Cacheable;
import org.springframework.stereotype.Service;

// The second half of the README's Spring example, line for line between the markers (see BookApplication).
// readme:begin
@Service
public class BookService {
  @Cacheable("books")                // a hit returns the cached title; a miss runs the method and caches it
  public String title(long isbn) {
    return "Title " + isbn;          // stands for a slow lookup
  }
}
// readme:end
