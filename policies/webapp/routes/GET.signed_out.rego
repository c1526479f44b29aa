# GET /signed-out: the page after sign-out. The same for everyone (it says nothing about anyone's
# documents), so not subject to the location rule.
package webapp.GET.signed_out

import data.webapp.common
import rego.v1

default allowed := false

allowed if common.identity_type in {"IDENTITY_TYPE_NONE", "IDENTITY_TYPE_SUB"}
