# Location restrictions: a user located in a restricted country is denied all document access,
# whatever else applies (own documents included). The application puts the signed-in user's
# location, from the location service, into every check as input.resource.location.country_code
# (null when it cannot be determined).
package webapp.location

import rego.v1

restricted_countries := {"CN", "KP", "IR"}

default permitted := false

# A request without a user carries no location; it can only ever read public documents.
permitted if input.identity.type == "IDENTITY_TYPE_NONE"

permitted if {
	input.identity.type == "IDENTITY_TYPE_SUB"
	country := input.resource.location.country_code
	is_string(country)
	not restricted_countries[country]
}

# A signed-in user whose location cannot be determined is denied (fail closed) unless the data
# document says otherwise: {"gatehouse": {"location": {"allow_unknown": true}}}.
permitted if {
	input.identity.type == "IDENTITY_TYPE_SUB"
	not is_string(input.resource.location.country_code)
	data.gatehouse.location.allow_unknown == true
}
