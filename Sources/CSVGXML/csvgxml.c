#include "csvgxml.h"
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <string.h>

/* Refuses every external resource: DTDs, external entities. SVG needs none, and following them
   would read local files or the network on behalf of a hostile document. */
static xmlParserInputPtr no_external_loader(const char *url, const char *id, xmlParserCtxtPtr ctxt) {
  (void)url; (void)id; (void)ctxt;
  return NULL;
}

static void copy_message(char *message, int length, const char *text) {
  if (length <= 0) return;
  strncpy(message, text, (size_t)length - 1);
  message[length - 1] = 0;
  size_t n = strlen(message);
  while (n > 0 && (message[n - 1] == '\n' || message[n - 1] == ' ')) message[--n] = 0;
}

void *lk_xml_parse(const char *bytes, int length, int *line, int *column, char *message, int messageLength) {
  xmlSetExternalEntityLoader(no_external_loader);
  xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
  if (ctxt == NULL) { copy_message(message, messageLength, "out of memory"); return NULL; }
  /* No XML_PARSE_NOENT (entity substitution), XML_PARSE_DTDLOAD or XML_PARSE_HUGE: libxml2 keeps
     its default limits on depth (256) and on entity amplification. */
  int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA;
  xmlDocPtr doc = xmlCtxtReadMemory(ctxt, bytes, length, "input.svg", NULL, options);
  if (doc == NULL || !ctxt->wellFormed) {
    xmlErrorPtr e = xmlCtxtGetLastError(ctxt);
    *line = e ? e->line : 0;
    *column = e ? e->int2 : 0;
    copy_message(message, messageLength, (e && e->message) ? e->message : "not well-formed XML");
    if (doc != NULL) { xmlFreeDoc(doc); doc = NULL; }
  }
  xmlFreeParserCtxt(ctxt);
  return doc;
}

void lk_xml_free(void *doc) { if (doc) xmlFreeDoc((xmlDocPtr)doc); }
void *lk_xml_root(void *doc) { return xmlDocGetRootElement((xmlDocPtr)doc); }
void *lk_xml_first_child(void *node) { return ((xmlNodePtr)node)->children; }
void *lk_xml_next(void *node) { return ((xmlNodePtr)node)->next; }

int lk_xml_type(void *node) {
  switch (((xmlNodePtr)node)->type) {
  case XML_ELEMENT_NODE: return LK_XML_ELEMENT;
  case XML_TEXT_NODE: return LK_XML_TEXT;
  case XML_CDATA_SECTION_NODE: return LK_XML_CDATA;
  case XML_ENTITY_REF_NODE: return LK_XML_ENTITY_REF;
  default: return 0;
  }
}

const char *lk_xml_name(void *node) { return (const char *)((xmlNodePtr)node)->name; }

const char *lk_xml_namespace(void *node) {
  xmlNodePtr n = (xmlNodePtr)node;
  if (n->type == XML_ATTRIBUTE_NODE) {
    xmlAttrPtr a = (xmlAttrPtr)node;
    return a->ns ? (const char *)a->ns->href : NULL;
  }
  return n->ns ? (const char *)n->ns->href : NULL;
}

int lk_xml_line(void *node) { return (int)xmlGetLineNo((xmlNodePtr)node); }
void *lk_xml_first_attribute(void *node) {
  xmlNodePtr n = (xmlNodePtr)node;
  return n->type == XML_ELEMENT_NODE ? (void *)n->properties : NULL;
}
const char *lk_xml_content(void *node) { return (const char *)((xmlNodePtr)node)->content; }

const char *lk_xml_entity_text(void *node) {
  xmlNodePtr n = (xmlNodePtr)node;
  if (n->type != XML_ENTITY_REF_NODE || n->children == NULL || n->children->type != XML_ENTITY_DECL) return NULL;
  return (const char *)((xmlEntityPtr)n->children)->content;
}
